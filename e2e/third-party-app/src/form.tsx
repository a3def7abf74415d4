import { type FormEvent, type ReactNode, useState } from 'react';

/** What every call of the official client answers: data, or an error with a message. */
type Result = { error: { message?: string; code?: string } | null };

/**
 * A labelled form that runs one client call and shows its outcome: the error's message in an
 * alert, or `done` in a status line. Inputs are read by name.
 */
export function Form(props: {
  title: string;
  submit: string;
  done: string;
  fields: { name: string; label: string; type?: string }[];
  run: (values: Record<string, string>) => Promise<Result>;
  onDone?: () => void;
  children?: ReactNode;
}) {
  const [outcome, setOutcome] = useState<{ error: boolean; text: string } | null>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(props.fields.map((f) => [f.name, String(data.get(f.name) ?? '')]));
    const { error } = await props.run(values);
    if (error) setOutcome({ error: true, text: error.message ?? error.code ?? 'Failed' });
    else {
      setOutcome({ error: false, text: props.done });
      props.onDone?.();
    }
  }
  return (
    <form onSubmit={onSubmit} aria-label={props.title}>
      <h2>{props.title}</h2>
      {props.fields.map((field) => (
        <label key={field.name} style={{ display: 'block' }}>
          {field.label} <input name={field.name} type={field.type ?? 'text'} />
        </label>
      ))}
      {props.children}
      <button type="submit">{props.submit}</button>
      {outcome && <p role={outcome.error ? 'alert' : 'status'}>{outcome.text}</p>}
    </form>
  );
}
