// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { createApiClient } from '../api/client';
import { tokenStore } from '../config/token-store';
import { fakeFetch, respondWithJson } from '../test/fetch-fakes';
import { TokenForm } from './token-form';

const CONFIG_TOKEN = 'config-token';

/** A server that answers with the bearer token it was sent; `hold` keeps the next answers back until released. */
function tokenEchoServer() {
  let held: (() => void)[] | null = null;
  const api = fakeFetch(async (request) => {
    if (held) await new Promise<void>((resolve) => held!.push(resolve));
    return respondWithJson({ token: request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null });
  });
  return {
    fetch: api.fetch,
    hold: () => (held = []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const resolve of waiting) resolve();
    },
  };
}

/** What the page shows: the token the server saw, as a panel over one query would. */
function Probe({ client }: { client: ReturnType<typeof createApiClient> }) {
  const query = useQuery({
    queryKey: ['whoami'],
    queryFn: ({ signal }) => client.get('/whoami', {}, z.object({ token: z.nullable(z.string()) }), signal),
  });
  if (query.isPending) return <p>Loading</p>;
  return <output aria-label="Server saw">{query.data?.token ?? 'no token'}</output>;
}

/** The form beside a query, over the app's client: the typed token first, else the configured one. */
function renderWithQuery() {
  const server = tokenEchoServer();
  const client = createApiClient({
    baseUrl: '/v2',
    getToken: () => tokenStore.get() ?? CONFIG_TOKEN,
    fetch: server.fetch,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <Probe client={client} />
      <TokenForm />
    </QueryClientProvider>,
  );
  return { user, server };
}

const serverSaw = () => screen.findByRole('status', { name: 'Server saw' });
const forgetButton = () => screen.queryByRole('button', { name: 'Forget token' });

afterEach(() => {
  tokenStore.clear();
});

describe('TokenForm: forgetting a typed token', () => {
  it('offers no Forget token while no token was typed', async () => {
    renderWithQuery();
    expect((await serverSaw()).textContent).toBe(CONFIG_TOKEN);
    expect(forgetButton()).toBeNull();
  });

  it('offers Forget token for a token typed earlier in this tab', () => {
    tokenStore.set('typed-before-reload');
    renderWithQuery();
    expect(forgetButton()).not.toBeNull();
  });

  it('goes back to the configured token, keeping the view on screen while it refetches', async () => {
    const { user, server } = renderWithQuery();
    expect((await serverSaw()).textContent).toBe(CONFIG_TOKEN);

    await user.type(screen.getByLabelText('API token'), 'typed-token');
    await user.click(screen.getByRole('button', { name: 'Use token' }));
    await screen.findByText('typed-token', { selector: 'output' });
    expect(screen.getByText('A token you typed is in use in this tab.')).toBeTruthy();

    server.hold();
    await user.click(forgetButton()!);
    expect(tokenStore.get()).toBeNull();
    expect(forgetButton()).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('API token'));
    // The refetch is under way and the last answer stays on screen: the view is not lost.
    expect((await serverSaw()).textContent).toBe('typed-token');
    expect(screen.queryByText('Loading')).toBeNull();

    server.release();
    await screen.findByText(CONFIG_TOKEN, { selector: 'output' });
  });
});
