import { useRef, useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/** A dialog opened by state, as the app's are: no DialogTrigger. */
function OpenedByState({ returnToOther = false }: { returnToOther?: boolean }) {
  const [open, setOpen] = useState(false);
  const other = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Open
      </button>
      <button type="button" ref={other}>
        Elsewhere
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          {...(returnToOther
            ? {
                onCloseAutoFocus: (event: Event) => {
                  event.preventDefault();
                  other.current?.focus();
                },
              }
            : {})}
        >
          <DialogTitle>Details</DialogTitle>
          <DialogDescription>Press Escape to close.</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent', () => {
  it('gives the focus back to what opened the dialog when it closes', async () => {
    const user = userEvent.setup();
    render(<OpenedByState />);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Details' })).toBeVisible();
    await user.keyboard('{Escape}');

    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    });
  });

  it('leaves the focus where a dialog that names its own return target puts it', async () => {
    const user = userEvent.setup();
    render(<OpenedByState returnToOther />);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Details' })).toBeVisible();
    await user.keyboard('{Escape}');

    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    });
  });
});
