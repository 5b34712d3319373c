import { fireEvent, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens the chip menu whose panel is named `name` as a user does (clicks its chip, if closed); returns the panel. */
export async function openChipMenu(name: string, user?: UserEvent): Promise<HTMLElement> {
  const panel = screen.getByRole('group', { name });
  const details = panel.closest('details');
  if (!details) throw new Error(`the group ${name} is not a chip menu's panel`);
  if (!details.open) {
    const chip = details.querySelector('summary')!;
    if (user) await user.click(chip);
    else fireEvent.click(chip);
  }
  return panel;
}
