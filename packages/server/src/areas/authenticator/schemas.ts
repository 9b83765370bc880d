/** Per route: what it takes and answers (routes.ts reads as the table). Pages are not in OpenAPI. */
export const route = {
  enroll: { hide: true },
} as const;
