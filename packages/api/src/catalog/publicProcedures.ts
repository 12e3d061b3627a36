export const catalogPublicProcedures = {};
