/** A form's refusal said once, above its fields (the fields it names are marked). */
export function FormSummary({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {text}
    </p>
  );
}
