import { site } from '../site';

/** §2: the page behind the header's Language link. */
export function LanguagePage() {
  return (
    <article className="page">
      <h1>Select a language</h1>
      <p className="lead">This website is written in English.</p>
      <ul className="language-list">
        <li lang="en">
          <a href="/" aria-current="page">
            English
          </a>
        </li>
      </ul>
      <p>
        We can talk with your family in your own language. Our nurses work with interpreters for more than 40 languages,
        free of charge. Call us on {site.phone} and tell us which language you prefer.
      </p>
      <p lang="es">Podemos hablar con su familia en su idioma. Llámenos y díganos qué idioma prefiere.</p>
      <p lang="fr">Nous pouvons parler avec votre famille dans votre langue. Appelez-nous et dites-nous laquelle vous préférez.</p>
      <p lang="pt">Podemos falar com a sua família na sua língua. Ligue-nos e diga-nos qual prefere.</p>
    </article>
  );
}
