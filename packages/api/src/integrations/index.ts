// What the server's token endpoint and token check and the integrations command use; imported as
// '@nursery/api/integrations'.
export * from './service.ts';
