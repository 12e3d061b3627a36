export const ordersPublicProcedures = {};
