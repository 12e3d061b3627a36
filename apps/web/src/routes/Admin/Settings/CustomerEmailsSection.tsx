import {
  type CustomerEmailKind,
  type CustomerEmailTemplate,
  renderCustomerEmail,
  SAMPLE_PLACEHOLDER_VALUES,
  unknownPlaceholders,
  unknownPlaceholdersMessage,
} from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useSingleFlight } from '../../../lib/singleFlight';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';

/**
 * Settings → Customer e-mails: the receipt, the change notice, the pick-up reminder and the back-in-stock
 * e-mail, each with its subject and text, the placeholders it knows, and a preview with example values made by
 * the same renderer the server sends with. An unknown placeholder is marked here as the server would refuse it.
 */
export function CustomerEmailsSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const templates = useQuery(trpc.customerEmails.templates.queryOptions());
  const [kind, setKind] = useState<CustomerEmailKind>('receipt');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [preview, setPreview] = useState(false);
  const once = useSingleFlight();
  const current: CustomerEmailTemplate | undefined = templates.data?.find((t) => t.kind === kind);

  // The editor follows the chosen e-mail's saved text (and the saved text after Save).
  useEffect(() => {
    if (!current) return;
    setSubject(current.subject);
    setBody(current.body);
  }, [current]);

  const save = useMutation(
    trpc.customerEmails.saveTemplate.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.customerEmails.templates.queryKey(), saved);
        notify.success(`${current?.label ?? 'E-mail'} saved.`);
      },
      onError: showApiFailure,
    }),
  );

  const problems = [
    ...(['subject', 'body'] as const).flatMap((field) => {
      const unknown = unknownPlaceholders(kind, field === 'subject' ? subject : body);
      return unknown.length > 0 ? [unknownPlaceholdersMessage(kind, field, unknown)] : [];
    }),
  ];
  const changed = current !== undefined && (subject !== current.subject || body !== current.body);

  return (
    <section className="card" aria-labelledby={`${id}-title`} style={{ marginTop: '1.5rem' }}>
      <div className="card-body">
        <h2 id={`${id}-title`} style={{ fontSize: '1.15rem' }}>
          Customer e-mails
        </h2>
        <p className="text-muted">
          What the shop e-mails customers. Words in braces, like {'{orderNumber}'}, are filled in for each
          e-mail; a line whose placeholders are all empty is left out.
        </p>
        {templates.isLoading ? <p>Loading...</p> : null}
        {templates.isError ? (
          <p className="text-danger" role="alert">
            The e-mail texts could not be loaded.
          </p>
        ) : null}
        {current ? (
          <form
            style={{ display: 'grid', gap: '0.75rem' }}
            onSubmit={(e) => {
              e.preventDefault();
              if (problems.length > 0) return;
              once(() => save.mutateAsync({ kind, subject, body }));
            }}
          >
            <div style={{ display: 'grid', gap: '0.25rem' }}>
              <label htmlFor={`${id}-kind`}>E-mail</label>
              <select
                id={`${id}-kind`}
                className="form-control"
                value={kind}
                onChange={(e) => {
                  if (changed) notify.error('Save or undo the changes to this e-mail first.');
                  else setKind(e.target.value as CustomerEmailKind);
                }}
              >
                {templates.data?.map((t) => (
                  <option key={t.kind} value={t.kind}>
                    {t.label}
                    {t.isDefault ? '' : ' (changed)'}
                  </option>
                ))}
              </select>
            </div>
            <div style={{ display: 'grid', gap: '0.25rem' }}>
              <label htmlFor={`${id}-subject`}>Subject</label>
              <input
                id={`${id}-subject`}
                className="form-control"
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                aria-invalid={problems.some((p) => p.includes('in the subject')) || undefined}
                aria-describedby={problems.length > 0 ? `${id}-problems` : undefined}
                autoComplete="off"
              />
            </div>
            <div style={{ display: 'grid', gap: '0.25rem' }}>
              <label htmlFor={`${id}-body`}>Text</label>
              <textarea
                id={`${id}-body`}
                className="form-control"
                rows={14}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                aria-invalid={problems.some((p) => p.includes('in the body')) || undefined}
                aria-describedby={`${id}-placeholders${problems.length > 0 ? ` ${id}-problems` : ''}`}
                style={{ fontFamily: 'monospace', fontSize: '0.9rem' }}
              />
            </div>
            {problems.length > 0 ? (
              <div id={`${id}-problems`} className="text-danger" role="alert">
                {problems.map((p) => (
                  <p key={p} style={{ margin: 0 }}>
                    {p}
                  </p>
                ))}
              </div>
            ) : null}
            <details id={`${id}-placeholders`}>
              <summary>Placeholders this e-mail knows</summary>
              <ul>
                {current.placeholders.map((p) => (
                  <li key={p.name}>
                    <code>{`{${p.name}}`}</code>: {p.description}
                  </li>
                ))}
              </ul>
            </details>
            <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
              <button type="submit" className="btn btn-primary" disabled={!changed || save.isPending}>
                {save.isPending ? 'Saving...' : 'Save'}
              </button>
              <button type="button" className="btn btn-default" onClick={() => setPreview((p) => !p)}>
                {preview ? 'Hide preview' : 'Preview'}
              </button>
              <button
                type="button"
                className="btn btn-default"
                disabled={!changed}
                onClick={() => {
                  setSubject(current.subject);
                  setBody(current.body);
                }}
              >
                Undo changes
              </button>
              <button
                type="button"
                className="btn btn-default"
                disabled={subject === current.defaultSubject && body === current.defaultBody}
                onClick={() => {
                  setSubject(current.defaultSubject);
                  setBody(current.defaultBody);
                }}
              >
                Use the shop's own text
              </button>
            </div>
            {preview ? (
              <div className="card" data-testid="customer-email-preview">
                <div className="card-body">
                  <p className="text-muted" style={{ margin: '0 0 0.5rem' }}>
                    Preview with example values:
                  </p>
                  <p style={{ margin: 0 }}>
                    <strong>Subject:</strong> {renderCustomerEmail(subject, SAMPLE_PLACEHOLDER_VALUES)}
                  </p>
                  <pre style={{ whiteSpace: 'pre-wrap', margin: '0.5rem 0 0', fontSize: '0.9rem' }}>
                    {renderCustomerEmail(body, SAMPLE_PLACEHOLDER_VALUES)}
                  </pre>
                </div>
              </div>
            ) : null}
          </form>
        ) : null}
      </div>
    </section>
  );
}
