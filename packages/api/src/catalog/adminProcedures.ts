export const catalogAdminProcedures = {};
