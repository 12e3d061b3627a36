export const contactsPublicProcedures = {};
