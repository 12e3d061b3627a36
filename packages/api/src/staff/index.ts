// What the server's sign-in and the staff command use; imported as '@nursery/api/staff'.
export * from './oidcStore.ts';
export * from './service.ts';
