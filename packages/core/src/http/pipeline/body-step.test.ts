import { describe, expect, it } from 'vitest';
import { stepRequest } from '../../testing/pipeline-steps.ts';
import { type AnyEndpoint, defineEndpoint } from '../endpoint.ts';
import { readPostBody } from './body-step.ts';

const handler = async () => null;
const json = defineEndpoint({ name: 'json', method: 'POST', path: '/json', requires: 'none', handler });
const form = defineEndpoint({ ...json, name: 'form', acceptsForm: true });
const file = defineEndpoint({ ...json, name: 'file', rawBody: { maxBytes: 4, mediaTypes: ['image/png'] } });

const post = (endpoint: AnyEndpoint, contentType: string, body: string) =>
  readPostBody(
    endpoint,
    stepRequest('/x', { method: 'POST', headers: { 'content-type': contentType }, body }).incoming,
  );

describe('the body step', () => {
  it('reads JSON, and forms only where the route takes them', async () => {
    expect(await post(json, 'application/json', '{"a":1}')).toEqual({ a: 1 });
    expect(await post(form, 'application/x-www-form-urlencoded', 'a=1')).toEqual({ a: '1' });
    await expect(post(json, 'application/x-www-form-urlencoded', 'a=1')).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it("reads a file route's bytes under its own limit", async () => {
    expect(await post(file, 'image/png', 'png!')).toEqual({
      bytes: new TextEncoder().encode('png!'),
      mediaType: 'image/png',
    });
    await expect(post(file, 'image/png', 'too big')).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
