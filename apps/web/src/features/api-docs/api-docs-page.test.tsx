// @vitest-environment happy-dom

import { present } from '@gatehouse/core/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiDocsPage } from './api-docs-page.tsx';
import { fixtureDocument } from './testing/fixture-document.ts';

const fetchMock = vi.fn<typeof fetch>();

const jsonAnswer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ApiDocsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const card = (id: string) => present(document.getElementById(id));

describe('the API reference page', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/auth/openapi.json'
        ? jsonAnswer(fixtureDocument)
        : jsonAnswer({ session: null }),
    );
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('groups every operation by feature under one h1, with examples and error answers', async () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await screen.findByRole('heading', { level: 2, name: 'Email and password' });
    // The document's features in its order, each described; one without operations is left out.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Email and password',
      'Sessions',
      'Admin',
    ]);
    const sessions = present(screen.getByRole('heading', { level: 2, name: 'Sessions' }).closest('section'));
    expect(within(sessions).getByText('Reading and ending sessions.')).toBeTruthy();
    expect(within(sessions).getByText('Read the current session and its user')).toBeTruthy();
    const contents = within(screen.getByRole('navigation', { name: 'Features' }));
    expect(contents.getByRole('link', { name: 'Email and password' }).getAttribute('href')).toBe(
      '#group-email-and-password',
    );
    expect(present(document.getElementById('group-email-and-password')).textContent).toBe(
      'Email and password',
    );
    expect(contents.queryByRole('link', { name: 'Passkeys' })).toBeNull();
    expect(screen.getByText('Operations shown: 3')).toBeTruthy();
    const signIn = within(card('signInEmail'));
    expect(signIn.getByText('Sign in with an email address and a password')).toBeTruthy();
    expect(signIn.getByText('A user with two-factor on gets a challenge instead.')).toBeTruthy();
    expect(signIn.getByRole('link', { name: '/sign-in/email' }).getAttribute('href')).toBe('#signInEmail');
    expect(signIn.getByText('POST')).toBeTruthy();
    // The request example: the format's sample, the default, a plain string.
    const example = JSON.parse(present(card('signInEmail').querySelector('pre')?.textContent));
    expect(example).toEqual({ email: 'user@example.com', password: 'string', rememberMe: true });
    expect(signIn.getByText('INVALID_EMAIL_OR_PASSWORD')).toBeTruthy();
    expect(signIn.getByText('401')).toBeTruthy();
    expect(signIn.getByText('429')).toBeTruthy();
    expect(within(card('listUsers')).getByText(/searchValue/)).toBeTruthy();
    expect(within(card('listUsers')).getByText("The route's own refusals are not listed yet.")).toBeTruthy();
  });

  it('filters by path, code or feature, and says when nothing matches', async () => {
    const user = renderPage();
    const search = await screen.findByLabelText('Filter operations');
    await user.type(search, 'sign-in');
    expect(document.getElementById('signInEmail')).toBeTruthy();
    expect(document.getElementById('getSession')).toBeNull();
    expect(screen.getByText('Operations shown: 1')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'unauthorized');
    expect(document.getElementById('listUsers')).toBeTruthy();
    expect(document.getElementById('signInEmail')).toBeNull();
    await user.clear(search);
    // A feature's name finds its operations; so do words of a summary.
    await user.type(search, 'sessions');
    expect(document.getElementById('getSession')).toBeTruthy();
    expect(document.getElementById('signInEmail')).toBeNull();
    await user.clear(search);
    await user.type(search, 'list users');
    expect(document.getElementById('listUsers')).toBeTruthy();
    expect(screen.getByText('Operations shown: 1')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'nothing-like-this');
    expect(screen.getByText('No operation matches “nothing-like-this”.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('tries a GET at once with the browser session and shows status and JSON', async () => {
    const user = renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Sessions' });
    // A required query parameter: nothing to try without typing it.
    expect(within(card('listUsers')).queryByRole('button', { name: 'Try it' })).toBeNull();
    await user.click(within(card('getSession')).getByRole('button', { name: 'Try it' }));
    await within(card('getSession')).findByText('Answer: 200');
    const [url, init] = present(fetchMock.mock.calls.at(-1));
    expect(url).toBe('/api/auth/get-session');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(card('getSession').textContent).toContain('"session": null');
    await user.type(within(card('getSession')).getByLabelText('disableRefresh'), 'true');
    await user.click(within(card('getSession')).getByRole('button', { name: 'Try it' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/auth/get-session?disableRefresh=true'),
    );
  });

  it('sends a POST only after the person confirms, with the body they edited', async () => {
    const user = renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Sessions' });
    const signIn = within(card('signInEmail'));
    const body = signIn.getByLabelText('Body to send');
    await user.clear(body);
    await user.click(body);
    await user.paste('{"email":"a@example.com","password":"x"}');
    await user.click(signIn.getByRole('button', { name: 'Try it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send POST /sign-in/email?' });
    const callsBefore = fetchMock.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.length).toBe(callsBefore);
    fetchMock.mockResolvedValueOnce(
      jsonAnswer({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid' }, 401),
    );
    await user.click(signIn.getByRole('button', { name: 'Try it' }));
    const again = await screen.findByRole('dialog', { name: 'Send POST /sign-in/email?' });
    await user.click(within(again).getByRole('button', { name: 'Send' }));
    await signIn.findByText('Answer: 401');
    const [url, init] = present(fetchMock.mock.calls.at(-1));
    expect(url).toBe('/api/auth/sign-in/email');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"email":"a@example.com","password":"x"}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when the document cannot be loaded', async () => {
    fetchMock.mockImplementation(async () => jsonAnswer({}, 503));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load the API description: HTTP 503',
    );
  });
});
