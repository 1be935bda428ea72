/** Hands a book to the cart; the route module wires it to the cart feature. */
export type AddToCart = (productId: string, qty: number) => void;
