import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { googleUser, mockSignedIn, testUser } from '@/testing/server';

/** /settings for `user`, once the session is in and the marketplaces have loaded. */
async function openSettings(user = testUser) {
  mockSignedIn({ user });
  const rendered = renderApp('/settings');
  await screen.findByRole('heading', { level: 2, name: 'Settings' });
  const group = await screen.findByRole('group', { name: 'Marketplaces' });
  return { ...rendered, group };
}

const box = (group: HTMLElement, name: string) => within(group).getByRole('checkbox', { name });

describe('settings: marketplaces', () => {
  it('offers the six marketplaces, none chosen by default', async () => {
    const { group } = await openSettings();

    const names = within(group)
      .getAllByRole('checkbox')
      .map((checkbox) => checkbox.closest('label')?.textContent);
    expect(names).toEqual(['Amazon', 'Flipkart', 'Myntra', 'AJIO', 'Shopify', 'Etsy']);
    expect(within(group).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    expect(group).toHaveTextContent('None chosen: no marketplace badges are shown.');
  });

  it('keeps the ticked marketplaces for the account, not for another one', async () => {
    const { group, user, unmount } = await openSettings();

    await user.click(box(group, 'Myntra'));
    await user.click(box(group, 'Amazon'));
    expect(box(group, 'Amazon')).toBeChecked();
    expect(group).toHaveTextContent('Badges shown for 2 marketplaces');
    unmount();

    const again = await openSettings();
    expect(box(again.group, 'Amazon')).toBeChecked();
    expect(box(again.group, 'Myntra')).toBeChecked();
    expect(box(again.group, 'Etsy')).not.toBeChecked();
    again.unmount();

    const other = await openSettings(googleUser);
    expect(within(other.group).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it('unticks a marketplace', async () => {
    const { group, user } = await openSettings();
    await user.click(box(group, 'Etsy'));
    await user.click(box(group, 'Etsy'));
    expect(box(group, 'Etsy')).not.toBeChecked();
  });
});
