// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { RichText } from './rich-text.tsx';

afterEach(cleanup);

it('puts each element where the sentence names it, and leaves an unknown name visible', () => {
  const { container } = render(
    <p>
      <RichText
        text="Consultez {email}, puis {other}."
        values={{ email: <strong>ada@example.com</strong> }}
      />
    </p>,
  );
  expect(container.innerHTML).toBe('<p>Consultez <strong>ada@example.com</strong>, puis {other}.</p>');
});
