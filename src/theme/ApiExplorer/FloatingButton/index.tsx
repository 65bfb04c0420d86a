/**
 * The button that floats over a try-it field (the server address's «Изменить» and «Скрыть», the file
 * upload's clear). The OpenAPI theme's button had no `type`, so inside the request form it was a
 * submit button: editing the server address sent the request, and Enter in a field of the form could press
 * «Изменить» instead of «Отправить запрос». Same markup, as a plain button.
 */
import type {ReactNode} from 'react';

interface Props {
  label?: string;
  onClick?: () => void;
  children?: ReactNode;
}

export default function FloatingButton({label, onClick, children}: Props): ReactNode {
  return (
    // The theme's stylesheet shows the button only while this wrapper is hovered or focused: keyboard
    // users reveal it by focusing the wrapper.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the wrapper's focus is what shows the button
    <div tabIndex={0} className="openapi-explorer__floating-btn">
      {label && (
        <button type="button" tabIndex={0} onClick={onClick}>
          {label}
        </button>
      )}
      {children}
    </div>
  );
}
