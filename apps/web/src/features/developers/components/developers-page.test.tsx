import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '@studio/contract/responses';
import { apiKey, apiKeyHandlers } from '@/testing/api-key-handlers';
import { renderApp } from '@/testing/render';
import { errorResponse, mockSignedIn, server } from '@/testing/server';
import { webhookHandlers } from '@/testing/webhook-handlers';

const SECRET = 'sk_test_Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St9';

async function openDevelopers(keys: ApiKey[] = []) {
  mockSignedIn();
  server.use(
    ...apiKeyHandlers(keys, SECRET),
    ...webhookHandlers({ endpoints: [], deliveries: {}, resent: [] }, []),
  );
  const rendered = renderApp('/developers');
  await screen.findByRole('heading', { level: 2, name: 'Developers' });
  return rendered;
}

const keyList = () => screen.findByRole('list', { name: 'Your API keys' });
const createForm = () => screen.getByRole('form', { name: 'Create key' });
/** A key's row in the list, found by its name. */
const rowOf = (list: HTMLElement, name: string) => {
  const row = within(list).getByText(name).closest('li');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};
const scopesOf = (row: HTMLElement) =>
  within(within(row).getByRole('list', { name: 'Scopes' }))
    .getAllByRole('listitem')
    .map((scope) => scope.textContent);

describe('developers: API keys', () => {
  it('lists each key by name, prefix, scopes, creation and last use', async () => {
    await openDevelopers([
      apiKey({ id: 'k1', name: 'Shopify sync', prefix: 'sk_test_Ab12', lastUsedAt: null }),
      apiKey({
        id: 'k2',
        name: 'PIM export',
        prefix: 'sk_test_Zz99',
        scopes: ['read'],
        lastUsedAt: '2026-11-28T09:30:00.000Z',
      }),
    ]);

    const list = await keyList();
    const shopify = rowOf(list, 'Shopify sync');
    const pim = rowOf(list, 'PIM export');
    expect(within(shopify).getByText('sk_test_Ab12…')).toBeInTheDocument();
    expect(scopesOf(shopify)).toEqual(['generate', 'read']);
    expect(scopesOf(pim)).toEqual(['read']);
    expect(within(shopify).getByText(/Created November 20, 2026 · Never used/)).toBeInTheDocument();
    expect(within(pim).getByText('sk_test_Zz99…')).toBeInTheDocument();
    expect(within(pim).getByText(/Last used Nov 28, 2026/)).toBeInTheDocument();
  });

  it('says so when there is no key yet', async () => {
    await openDevelopers([]);

    expect(await screen.findByText('No keys yet: create one below.')).toBeInTheDocument();
  });

  it('shows progress while the keys load', async () => {
    mockSignedIn();
    server.use(
      http.get('/api/v1/api-keys', async () => {
        await delay('infinite');
        return HttpResponse.json({ success: true, keys: [] });
      }),
      ...webhookHandlers({ endpoints: [], deliveries: {}, resent: [] }, []),
    );
    renderApp('/developers');

    expect(await screen.findByText('Loading your keys…')).toHaveAttribute('role', 'status');
  });

  it('shows a new key once, with Copy, then only its prefix in the list', async () => {
    const { user } = await openDevelopers([]);
    await screen.findByText('No keys yet: create one below.');

    await user.type(within(createForm()).getByLabelText('Key name'), 'Catalogue script');
    await user.click(within(createForm()).getByRole('checkbox', { name: 'webhooks' }));
    await user.click(within(createForm()).getByRole('button', { name: 'Create key' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(
      within(dialog).getByText('Copy this key now: it is shown only once.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('API key')).toHaveValue(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Copy the API key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copy the API key' })).toHaveTextContent(
      'Copied',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const list = await keyList();
    const row = rowOf(list, 'Catalogue script');
    expect(within(row).getByText('sk_test_Ab12…')).toBeInTheDocument();
    expect(scopesOf(row)).toEqual(['generate', 'read', 'webhooks']);
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(within(createForm()).getByLabelText('Key name')).toHaveValue('');
  });

  it('sends the name and the chosen scopes', async () => {
    let sent: unknown;
    const { user } = await openDevelopers([]);
    server.use(
      http.post('/api/v1/api-keys', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { success: true, id: 'k9', key: SECRET, prefix: 'sk_test_Ab12' },
          { status: 201 },
        );
      }),
    );

    await user.type(within(createForm()).getByLabelText('Key name'), '  Nightly  ');
    await user.click(within(createForm()).getByRole('checkbox', { name: 'generate' }));
    await user.click(within(createForm()).getByRole('button', { name: 'Create key' }));

    await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(sent).toEqual({ name: 'Nightly', scopes: ['read'] });
  });

  it('asks for a name and a scope before sending anything', async () => {
    let called = false;
    const { user } = await openDevelopers([]);
    server.use(
      http.post('/api/v1/api-keys', () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const form = createForm();

    await user.click(within(form).getByRole('checkbox', { name: 'generate' }));
    await user.click(within(form).getByRole('checkbox', { name: 'read' }));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    expect(within(form).getByLabelText('Key name')).toHaveAccessibleDescription(
      'Give the key a name',
    );
    expect(within(form).getByLabelText('Key name')).toHaveFocus();
    expect(within(form).getByRole('group', { name: 'Scopes' })).toHaveAccessibleDescription(
      'Choose at least one scope',
    );
    expect(called).toBe(false);
  });

  it("shows the server's message when the account already holds 10 keys", async () => {
    const ten = Array.from({ length: 10 }, (_, i) =>
      apiKey({ id: `k${String(i)}`, name: `Key ${String(i)}` }),
    );
    const { user } = await openDevelopers(ten);
    await keyList();

    await user.type(within(createForm()).getByLabelText('Key name'), 'Eleventh');
    await user.click(within(createForm()).getByRole('button', { name: 'Create key' }));

    expect(await within(createForm()).findByRole('alert')).toHaveTextContent(
      'An account holds at most 10 API keys: revoke one first.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's validation message", async () => {
    const { user } = await openDevelopers([]);
    server.use(
      http.post('/api/v1/api-keys', () =>
        errorResponse(400, 'validation_error', 'A key name is at most 60 characters'),
      ),
    );

    await user.type(within(createForm()).getByLabelText('Key name'), 'x');
    await user.click(within(createForm()).getByRole('button', { name: 'Create key' }));

    expect(await within(createForm()).findByRole('alert')).toHaveTextContent(
      'A key name is at most 60 characters',
    );
  });

  it('asks before revoking, keeps the key on Cancel, and removes it on Revoke key', async () => {
    const { user } = await openDevelopers([
      apiKey({ id: 'k1', name: 'Shopify sync' }),
      apiKey({ id: 'k2', name: 'PIM export', prefix: 'sk_test_Zz99' }),
    ]);
    const list = await keyList();

    await user.click(within(list).getByRole('button', { name: 'Revoke Shopify sync' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke “Shopify sync”?' });
    expect(dialog).toHaveAccessibleDescription(
      /Calls with sk_test_Ab12… stop working within a minute/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(within(list).getByText('Shopify sync')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Revoke Shopify sync' })).toHaveFocus();

    await user.click(within(list).getByRole('button', { name: 'Revoke Shopify sync' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke “Shopify sync”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(within(list).queryByText('Shopify sync')).not.toBeInTheDocument();
    expect(within(list).getByText('PIM export')).toBeInTheDocument();
    // The page behind the dialog is given back to assistive technology as the dialog unmounts.
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'API keys' })).toHaveFocus();
    });
  });

  it("shows the server's refusal in the revoke dialog and keeps the key", async () => {
    const { user } = await openDevelopers([apiKey({ id: 'k1', name: 'Shopify sync' })]);
    server.use(
      http.delete('/api/v1/api-keys/:id', () =>
        errorResponse(404, 'not_found', 'That key is not yours.'),
      ),
    );
    const list = await keyList();

    await user.click(within(list).getByRole('button', { name: 'Revoke Shopify sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke “Shopify sync”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That key is not yours.');
    expect(within(list).getByText('Shopify sync')).toBeInTheDocument();
  });
});

describe('developers: quick start', () => {
  it("shows curl calls against this site's origin, copies them, and links to the reference", async () => {
    const { user } = await openDevelopers([]);

    const commands = screen.getByRole('region', { name: 'Quick start commands' });
    expect(commands).toHaveTextContent(`export ORIGIN="${window.location.origin}"`);
    expect(commands).toHaveTextContent('-F files=@photo.jpg');
    expect(commands).toHaveTextContent('"$ORIGIN/api/v1/upscaler?wait=60"');
    expect(commands).toHaveTextContent('Idempotency-Key');

    await user.click(screen.getByRole('button', { name: 'Copy the quick start commands' }));
    expect(await navigator.clipboard.readText()).toBe(commands.textContent);

    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });
});
