/**
 * How the npm scripts report a failure they can name (a missing prerequisite, a bad setting, a
 * database that does not answer): one line, `<script>: <what is wrong>`, exit code 1, no stack.
 * A programming error (TypeError, ReferenceError…) keeps its stack: that one is for a developer.
 */
export function oneLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  const text = cause && !error.message.includes(cause) ? `${error.message} (${cause})` : error.message;
  return text.replace(/\s*\n\s*/g, ' ');
}

const isProgrammingError = (error: unknown) => error instanceof TypeError || error instanceof ReferenceError || error instanceof SyntaxError || error instanceof RangeError;

export function failInOneLine(script: string, error: unknown): never {
  if (isProgrammingError(error)) console.error(error);
  else console.error(`${script}: ${oneLine(error)}`);
  process.exit(1);
}
