/**
 * The button that floats over a try-it field (the server address's «Изменить» and «Скрыть», the file
 * upload's clear). The OpenAPI theme's button has no `type`, so inside the request form it was a
 * submit button: editing the server address sent the request, and Enter in a field of the form could
 * press «Изменить» instead of «Отправить запрос». The theme draws its own button only when given a
 * label, and its children after it in the same box, so the label's button is passed as a child
 * instead, with `type="button"`: the markup stays the theme's.
 */
import type {ComponentProps, ReactNode} from 'react';
import FloatingButton from '@theme-original/ApiExplorer/FloatingButton';

export default function FloatingPlainButton({label, onClick, children}: ComponentProps<typeof FloatingButton>): ReactNode {
  return (
    <FloatingButton>
      {label && (
        <button type="button" tabIndex={0} onClick={onClick}>
          {label}
        </button>
      )}
      {children}
    </FloatingButton>
  );
}
