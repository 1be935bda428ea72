// What a refused Firestore write means, by its gRPC status code (the Admin SDK's `err.code`), said once
// for the repositories in functions/src/data/ and the stock allocator.

/** The gRPC status code of a Firestore error, if it has one. */
export const grpcCode = (err: unknown): unknown => (err as { code?: unknown } | null)?.code;

/** 6 ALREADY_EXISTS: a `create` found its document written before (the write-once idiom). */
export const isAlreadyExists = (err: unknown): boolean => grpcCode(err) === 6;

/**
 * 9 FAILED_PRECONDITION, 10 ABORTED: a write preconditioned on the version read (or a transaction) lost
 * to a concurrent writer; read again and retry.
 */
export const lostRace = (err: unknown): boolean => grpcCode(err) === 9 || grpcCode(err) === 10;
