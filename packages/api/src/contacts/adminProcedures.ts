export const contactsAdminProcedures = {};
