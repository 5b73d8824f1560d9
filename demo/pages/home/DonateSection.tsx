/** The home page's donate call to action (§1): it leads to the donate page and its button. */
export function DonateSection() {
  return (
    <section className="page donate-cta" aria-labelledby="donate-cta-title">
      <h2 id="donate-cta-title">Help a family this winter</h2>
      <p>$25 pays for an hour of a nurse at home. Your gift goes straight to care for children in Port Ellery and the islands.</p>
      <p>
        <a className="button" href="/donate/">
          Donate now
        </a>
      </p>
    </section>
  );
}
