export function NotFoundPage() {
  return (
    <article className="page">
      <h1>We could not find that page</h1>
      <p className="lead">The address may be mistyped, or the page may have moved.</p>
      <p>
        <a href="/">Go to the home page</a> or use the search at the top of the page.
      </p>
    </article>
  );
}
