export const settingsAdminProcedures = {};
