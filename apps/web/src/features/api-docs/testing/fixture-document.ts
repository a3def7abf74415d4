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
  tags: [
    { name: 'Email and password', description: 'Sign-up, sign-in and sign-out with a password.' },
    { name: 'Sessions', description: 'Reading and ending sessions.' },
    { name: 'Passkeys', description: 'No operation of the fixture is here.' },
    { name: 'Admin', description: 'The admin console.' },
  ],
  paths: {
    '/sign-in/email': {
      post: {
        operationId: 'signInEmail',
        tags: ['Email and password'],
        summary: 'Sign in with an email address and a password',
        description: 'A user with two-factor on gets a challenge instead.',
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
        tags: ['Sessions'],
        summary: 'Read the current session and its user',
        security: [{}, { sessionCookie: [] }],
        parameters: [{ name: 'disableRefresh', in: 'query', required: false, schema: { type: 'string' } }],
        responses: { '200': { description: 'Success', content: { 'application/json': { schema: {} } } } },
      },
    },
    '/admin/list-users': {
      get: {
        operationId: 'listUsers',
        tags: ['Admin'],
        summary: 'List users',
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
