import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PayPasswordInput } from './PayPasswordInput';

function Harness({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <main>
      <PayPasswordInput
        label="Payment password"
        value={value}
        onChange={setValue}
        error={error}
        testId="pay"
      />
    </main>
  );
}

describe('payment password input', () => {
  it('is one labelled field a screen reader can use, asking the phone for its number keyboard', async () => {
    render(<Harness error="The payment password is 6 digits" />);
    const input = screen.getByLabelText('Payment password');
    expect(input).toBe(screen.getByTestId('pay'));
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAccessibleDescription('The payment password is 6 digits');
    // Nothing hidden from assistive technology can take focus, and no control sits inside another.
    for (const hidden of document.querySelectorAll('[aria-hidden="true"]')) {
      expect(hidden.querySelector('input, button, [tabindex]')).toBeNull();
    }
    const { violations } = await axe.run(document.body, {
      runOnly: ['nested-interactive', 'aria-hidden-focus', 'label'],
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  it('keeps digits only, six at most', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Payment password');
    await userEvent.type(input, '12a3-456789');
    expect(input).toHaveValue('123456');
  });
});
