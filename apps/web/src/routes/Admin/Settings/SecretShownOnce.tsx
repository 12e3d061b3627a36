import { type ReactNode, useRef } from 'react';
import { copySecretText } from './copySecret';

/**
 * A secret the shop shows once and never again (an integration client's, a webhook endpoint's): selectable,
 * with a copy button, and kept on screen until staff say they have stored it.
 */
export function SecretShownOnce({
  id,
  title,
  warning,
  label,
  secret,
  before,
  onDone,
}: {
  /** Prefix of the section's ids and its test id, e.g. 'integration' or 'webhook'. */
  id: string;
  title: ReactNode;
  warning: string;
  /** The secret's label, e.g. 'Client secret'. */
  label: string;
  secret: string;
  /** What is listed above the secret (a client id), as dt/dd pairs. */
  before?: ReactNode;
  onDone: () => void;
}) {
  const secretInput = useRef<HTMLInputElement>(null);
  return (
    <section
      className="alert alert-warning integration-secret"
      aria-labelledby={`${id}-secret-title`}
      data-testid={`${id}-secret`}
    >
      <h3 id={`${id}-secret-title`}>{title}</h3>
      <p>
        <strong>{warning}</strong>
      </p>
      <dl>
        {before}
        <dt>
          <label htmlFor={`${id}-secret-value`}>{label}</label>
        </dt>
        <dd className="integration-secret-value">
          <input
            ref={secretInput}
            id={`${id}-secret-value`}
            className="form-control"
            value={secret}
            readOnly
            spellCheck={false}
            autoComplete="off"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void copySecretText(secret, secretInput.current)}
          >
            Copy secret
          </button>
        </dd>
      </dl>
      <button type="button" className="btn btn-secondary" onClick={onDone}>
        Done: I have stored the secret
      </button>
    </section>
  );
}
