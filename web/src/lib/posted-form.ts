import type { PostedForm, PostedFormName } from '@contracts/storefront';
import { createContext, useContext } from 'react';
import { useSearchParams } from 'react-router';

// The storefront's sign-ups (到貨通知我, 截止前提醒我, the footer's 訂閱) work without JavaScript too: the
// form posts its page, whose server (functions/src/ssr/forms.ts) runs the API route's own limits, schema
// and service. Done, it sends the browser to the page with `?signedUp=<form>` (a reload sends nothing
// again); refused, it renders the page again with the refusal, which reaches the form through this
// context: given by web/src/entry-server.tsx and, from the page's data, by web/src/main.tsx, so the page
// hydrates as it was rendered.

export const PostedFormContext = createContext<PostedForm | null>(null);

/** The refused post of this form, if the page answers one. */
export function usePostedForm(form: PostedFormName): PostedForm | null {
  const posted = useContext(PostedFormContext);
  return posted?.form === form ? posted : null;
}

/** The server signed this form up (its redirect after a post without JavaScript). */
export function useSignedUp(form: PostedFormName): boolean {
  const [params] = useSearchParams();
  return params.get('signedUp') === form;
}
