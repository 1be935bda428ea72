import type { Firestore } from 'firebase/firestore';
import { doc } from 'firebase/firestore';
import { use, type ReactNode } from 'react';
import { FirebaseAppProvider, FirestoreProvider, useFirestore, useFirestoreDocData } from 'reactfire';
import { firebaseApp, firestore } from '@/lib/firebase';

// reactfire without Suspense mode (its Suspense mode misbehaves on React 19, reactfire issue 793).
const ready = Promise.all([firebaseApp(), firestore()]);

function Doc({ path, children, fallback }: { path: string; children: (d: unknown) => ReactNode; fallback: ReactNode }) {
  const db = useFirestore();
  const { status, data } = useFirestoreDocData(doc(db, path));
  if (status === 'loading') return <>{fallback}</>;
  if (status === 'error') return <>{fallback}</>;
  return <>{children(data)}</>;
}

export default function LiveDocumentImpl(props: { path: string; children: (d: unknown) => ReactNode; fallback: ReactNode }) {
  const [app, db] = use(ready) as [Awaited<ReturnType<typeof firebaseApp>>, Firestore];
  return (
    <FirebaseAppProvider firebaseApp={app} suspense={false}>
      <FirestoreProvider sdk={db}>
        <Doc {...props} />
      </FirestoreProvider>
    </FirebaseAppProvider>
  );
}
