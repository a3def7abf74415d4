import type { OpenApiDocument } from '../openapi-operations.ts';

const refusal = (codes: string[]) => ({
  description: codes.join('; '),
  content: {
    'application/json': {
      schema: {
        allOf: [
          { $ref: '#/components/schemas/Error' },
          { type: 'object', properties: { code: { enum: codes } } },
        ],
      },
    },
  },
});

/** A small document shaped like the engine's (packages/core/src/openapi/openapi-document.ts). */
export const fixtureDocument: OpenApiDocument = {
  info: { title: 'Test authentication API', description: 'The fixture API.' },
  servers: [{ url: 'http://localhost/api/auth' }],
  paths: {
    '/sign-in/email': {
      post: {
        operationId: 'signInEmail',
        tags: ['auth'],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['email', 'password'],
                properties: {
                  email: { type: 'string', format: 'email' },
                  password: { type: 'string' },
                  rememberMe: { type: 'boolean', default: true },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Success',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { redirect: { type: 'boolean' }, token: { type: 'string' } },
                },
              },
            },
          },
          '401': refusal(['INVALID_EMAIL_OR_PASSWORD']),
          '429': refusal(['RATE_LIMITED']),
        },
      },
    },
    '/get-session': {
      get: {
        operationId: 'getSession',
        tags: ['auth'],
        security: [{}, { sessionCookie: [] }],
        parameters: [{ name: 'disableRefresh', in: 'query', required: false, schema: { type: 'string' } }],
        responses: { '200': { description: 'Success', content: { 'application/json': { schema: {} } } } },
      },
    },
    '/admin/list-users': {
      get: {
        operationId: 'listUsers',
        tags: ['admin'],
        security: [{ sessionCookie: [] }],
        description: "The route's own refusals are not listed yet.",
        parameters: [{ name: 'searchValue', in: 'query', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'Success', content: { 'application/json': { schema: {} } } },
          '401': refusal(['UNAUTHORIZED']),
        },
      },
    },
  },
};
