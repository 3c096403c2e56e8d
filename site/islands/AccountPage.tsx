// A protected page whose screen is still being built: it already enforces the login rule of spec §2.
import { ProtectedRoute } from '../components/ProtectedRoute.tsx';

export default function AccountPage({ title }: { title: string }) {
  return (
    <ProtectedRoute>
      {(user) => (
        <article>
          <h1>{title}</h1>
          <p>Signed in as {user.username}.</p>
        </article>
      )}
    </ProtectedRoute>
  );
}
