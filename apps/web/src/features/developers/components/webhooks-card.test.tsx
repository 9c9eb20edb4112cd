import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiKeyHandlers } from '@/testing/api-key-handlers';
import { renderApp } from '@/testing/render';
import { errorResponse, mockSignedIn, server } from '@/testing/server';
import {
  webhookDelivery,
  webhookEndpoint,
  webhookHandlers,
  type WebhookFake,
} from '@/testing/webhook-handlers';

const FIRST_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SECOND_SECRET = 'whsec_QnVpbGQgYSBuZXcgc2VjcmV0IGhlcmU=';

async function openWebhooks(fields: Partial<WebhookFake> = {}) {
  const fake: WebhookFake = { endpoints: [], deliveries: {}, resent: [], ...fields };
  mockSignedIn();
  server.use(...apiKeyHandlers([]), ...webhookHandlers(fake, [FIRST_SECRET, SECOND_SECRET]));
  const rendered = renderApp('/developers');
  await screen.findByRole('heading', { level: 3, name: 'Webhooks' });
  return { ...rendered, fake };
}

const endpointList = () => screen.findByRole('list', { name: 'Your webhook endpoints' });
const addForm = () => screen.getByRole('form', { name: 'Add endpoint' });
const rowOf = (list: HTMLElement, url: string) => {
  const row = within(list).getByText(url).closest('li');
  if (!row) throw new Error(`No row for ${url}`);
  return row;
};

describe('developers: webhooks', () => {
  it('says so when there is no endpoint yet', async () => {
    await openWebhooks();

    expect(await screen.findByText('No endpoints yet: add one below.')).toBeInTheDocument();
  });

  it('adds an endpoint and shows its signing secret once', async () => {
    const { user } = await openWebhooks();
    await screen.findByText('No endpoints yet: add one below.');

    await user.type(within(addForm()).getByLabelText('Endpoint URL'), 'https://shop.example/in');
    await user.click(within(addForm()).getByRole('checkbox', { name: 'batch.completed' }));
    await user.click(within(addForm()).getByRole('button', { name: 'Add endpoint' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your endpoint is ready' });
    expect(
      within(dialog).getByText('Copy this secret now: it is shown only once.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('signing secret')).toHaveValue(FIRST_SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Copy the signing secret' }));
    expect(await navigator.clipboard.readText()).toBe(FIRST_SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    const row = rowOf(await endpointList(), 'https://shop.example/in');
    expect(
      within(within(row).getByRole('list', { name: 'Events' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['generation.succeeded', 'generation.failed', 'batch.completed']);
    expect(screen.queryByDisplayValue(FIRST_SECRET)).not.toBeInTheDocument();
    expect(within(addForm()).getByLabelText('Endpoint URL')).toHaveValue('');
  });

  it('asks for an https URL and an event before sending anything', async () => {
    let called = false;
    const { user } = await openWebhooks();
    server.use(
      http.post('/api/v1/webhook-endpoints', () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const form = addForm();

    await user.type(within(form).getByLabelText('Endpoint URL'), 'ftp://shop.example/in');
    await user.click(within(form).getByRole('checkbox', { name: 'generation.succeeded' }));
    await user.click(within(form).getByRole('checkbox', { name: 'generation.failed' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    expect(within(form).getByLabelText('Endpoint URL')).toHaveAccessibleDescription(
      /Webhook URLs must start with https:\/\//,
    );
    expect(within(form).getByLabelText('Endpoint URL')).toHaveFocus();
    expect(within(form).getByRole('group', { name: 'Events' })).toHaveAccessibleDescription(
      'Choose at least one event',
    );
    expect(called).toBe(false);
  });

  it("shows the server's refusal of an address it will not deliver to", async () => {
    const { user } = await openWebhooks();
    server.use(
      http.post('/api/v1/webhook-endpoints', () =>
        errorResponse(400, 'validation_error', 'URL refused: private address'),
      ),
    );

    await user.type(within(addForm()).getByLabelText('Endpoint URL'), 'https://10.0.0.5/in');
    await user.click(within(addForm()).getByRole('button', { name: 'Add endpoint' }));

    expect(await within(addForm()).findByRole('alert')).toHaveTextContent(
      'URL refused: private address',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the delivery log page by page, with the answers, and resends one', async () => {
    const { user, fake } = await openWebhooks({
      endpoints: [webhookEndpoint({ id: 'we_1', url: 'https://shop.example/hooks' })],
      deliveries: {
        we_1: [
          webhookDelivery({ id: 'msg_3', eventType: 'generation.failed' }),
          webhookDelivery({
            id: 'msg_2',
            status: 'pending',
            attempts: 3,
            lastStatusCode: 500,
            nextAttemptAt: '2026-11-29T11:00:00.000Z',
          }),
          webhookDelivery({
            id: 'msg_1',
            status: 'failed',
            attempts: 8,
            lastStatusCode: null,
            lastError: 'Timed out',
          }),
        ],
      },
    });
    const row = rowOf(await endpointList(), 'https://shop.example/hooks');

    const toggle = within(row).getByRole('button', {
      name: 'Deliveries to https://shop.example/hooks',
    });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const log = await within(row).findByRole('list', { name: 'Deliveries' });
    let entries = within(log).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent(/generation\.failedDelivered/);
    expect(entries[0]).toHaveTextContent('HTTP 200');
    expect(entries[1]).toHaveTextContent('Retrying');
    expect(entries[1]).toHaveTextContent(/HTTP 500 · 3 attempts · Next attempt Nov 29, 2026/);

    await user.click(within(row).getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(within(log).getAllByRole('listitem')).toHaveLength(3);
    });
    entries = within(log).getAllByRole('listitem');
    expect(entries[2]).toHaveTextContent('Failed');
    expect(entries[2]).toHaveTextContent('Timed out · 8 attempts');
    expect(within(row).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(within(entries[2] as HTMLElement).getByRole('button', { name: /^Resend/ }));
    await waitFor(() => {
      expect(fake.resent).toEqual(['msg_1']);
    });
  });

  it('says why an endpoint was disabled and enables it again', async () => {
    const { user } = await openWebhooks({
      endpoints: [
        webhookEndpoint({
          status: 'disabled',
          disabledReason: 'Disabled on Nov 28 after a day of failed deliveries.',
        }),
      ],
    });
    const row = rowOf(await endpointList(), 'https://shop.example/hooks');
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
    expect(
      within(row).getByText('Disabled on Nov 28 after a day of failed deliveries.'),
    ).toBeInTheDocument();

    await user.click(
      within(row).getByRole('button', { name: 'Enable https://shop.example/hooks' }),
    );

    await waitFor(() => {
      expect(within(row).queryByText('Disabled')).not.toBeInTheDocument();
    });
  });

  it('rotates the secret and shows the new one once', async () => {
    const { user } = await openWebhooks({ endpoints: [webhookEndpoint()] });
    const row = rowOf(await endpointList(), 'https://shop.example/hooks');

    await user.click(
      within(row).getByRole('button', { name: 'Rotate the secret of https://shop.example/hooks' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(dialog).getByLabelText('signing secret')).toHaveValue(FIRST_SECRET);
  });

  it('asks before deleting and removes the endpoint on Delete endpoint', async () => {
    const { user } = await openWebhooks({ endpoints: [webhookEndpoint()] });
    const list = await endpointList();

    await user.click(
      within(list).getByRole('button', { name: 'Delete https://shop.example/hooks' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(dialog).toHaveAccessibleDescription(
      /Events stop going to https:\/\/shop\.example\/hooks/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(await screen.findByText('No endpoints yet: add one below.')).toBeInTheDocument();
    // The page behind the dialog is given back to assistive technology as the dialog unmounts.
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Webhooks' })).toHaveFocus();
    });
  });
});
