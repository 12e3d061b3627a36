export const ordersAdminProcedures = {};
