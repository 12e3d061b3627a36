import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Field } from '../../../components/Field';
import { useSingleFlight } from '../../../lib/singleFlight';
import { showApiFailure } from '../../../lib/toast';

/**
 * The form that adds an integration client or a webhook endpoint: its fields side by side, and one submit
 * that sends once however often it is pressed (the answer carries a secret shown only once: a second add
 * would make a second client).
 */
export function AddForm<Input>({
  className,
  mutation,
  input,
  action,
  children,
}: {
  className: string;
  mutation: { mutateAsync: (input: Input) => Promise<unknown>; isPending: boolean };
  input: Input;
  /** What the button says, and what it says while the add is on its way: ['Add Endpoint', 'Adding...']. */
  action: readonly [string, string];
  children: ReactNode;
}) {
  const once = useSingleFlight();
  return (
    <form
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        once(() => mutation.mutateAsync(input));
      }}
    >
      {children}
      <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
        {mutation.isPending ? action[1] : action[0]}
      </button>
    </form>
  );
}

/** A text field of the add form: never filled in by the browser (each client and endpoint is new). */
export function AddField({
  id,
  label,
  state: [value, setValue],
  type = 'text',
  ...limits
}: {
  id: string;
  label: string;
  state: readonly [string, (value: string) => void];
  type?: 'text' | 'url';
  maxLength: number;
  placeholder: string;
}) {
  return (
    <Field id={id} label={label} className="integration-field">
      <input
        id={id}
        className="form-control"
        type={type}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        autoComplete="off"
        {...limits}
      />
    </Field>
  );
}

/**
 * The add whose answer carries a secret shown only once. The answer lives in `created` only, until Done or
 * leaving the screen: never in a query's cache, nor in the mutation cache (gcTime 0) once the screen lets it go.
 */
export function useAddWithSecret<Answer, Failure, Input>(
  options: UseMutationOptions<Answer, Failure, Input>,
  after: () => void,
) {
  const [created, setCreated] = useState<Answer | null>(null);
  const add = useMutation({
    ...options,
    onSuccess: (answer) => {
      setCreated(answer);
      after();
    },
    onError: showApiFailure,
    gcTime: 0,
  });
  const done = () => {
    setCreated(null);
    add.reset();
  };
  return { add, created, done };
}
