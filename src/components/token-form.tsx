/**
 * The token prompt. The token goes to sessionStorage and the Authorization header, never into a URL.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { tokenStore } from '../config/token-store';

export function TokenForm({ onDone }: { onDone?: () => void }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return;
    tokenStore.set(token);
    setToken('');
    void queryClient.resetQueries();
    onDone?.();
  };

  return (
    <form className="token-form" onSubmit={submit}>
      <label>
        API token
        <input
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
      </label>
      <button type="submit" disabled={!token.trim()}>
        Use token
      </button>
      <p className="hint">Kept for this browser tab only, and sent only in the Authorization header.</p>
    </form>
  );
}
