/** A field's own error, right under it and announced once; nothing when there is none. */
export function FieldError({ message, id }: { message: string | undefined; id?: string }) {
  if (message === undefined || message === '') return null;
  return (
    <span className="field-error" role="alert" {...(id === undefined ? {} : { id })}>
      {message}
    </span>
  );
}
