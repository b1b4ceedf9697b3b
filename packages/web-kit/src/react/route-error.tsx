import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';

/** A screen's code that failed to download (a new deployment, a dropped connection). */
export function isChunkError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/** The words of the error screen, in the reader's language (each app's own keys). */
export interface RouteErrorTexts {
  notFound: string;
  chunkTitle: string;
  chunkText: string;
  title: string;
  text: string;
  retry: string;
}

/** Each app's own classes for the screen's parts (its own stylesheet). */
export interface RouteErrorClasses {
  main?: string | undefined;
  title?: string | undefined;
  text?: string | undefined;
  button?: string | undefined;
}

/**
 * A screen's error boundary (react-router's `errorElement`): a 404 says so; otherwise what happened
 * and a retry, where a chunk that failed to download reloads the page and anything else runs the
 * route again (and is logged). Plain HTML: the apps pass their words and their classes, so no UI
 * library and no i18next come with it.
 */
export function RouteErrorScreen({
  texts,
  classes = {},
}: {
  texts: RouteErrorTexts;
  classes?: RouteErrorClasses;
}) {
  const error = useRouteError();
  const navigate = useNavigate();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className={classes.main}>
        <h1 className={classes.title}>{texts.notFound}</h1>
      </main>
    );
  }
  const chunk = isChunkError(error);
  if (!chunk) console.error(error);
  return (
    <main className={classes.main} role="alert">
      <h1 className={classes.title}>{chunk ? texts.chunkTitle : texts.title}</h1>
      <p className={classes.text}>{chunk ? texts.chunkText : texts.text}</p>
      <button
        type="button"
        className={classes.button}
        onClick={() => (chunk ? window.location.reload() : navigate(0))}
      >
        {texts.retry}
      </button>
    </main>
  );
}
