/**
 * The token prompt. The token goes to sessionStorage and the Authorization header, never into a URL.
 * While a typed token is in use it offers to forget it, which goes back to the configured token (if any).
 */
import './token-form.css';
import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, useSyncExternalStore, type FormEvent } from 'react';

import { tokenStore } from '../config/token-store';

export function TokenForm({ onDone }: { onDone?: () => void }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState('');
  const typedInUse = useSyncExternalStore(tokenStore.subscribe, () => tokenStore.get() !== null);
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return;
    tokenStore.set(token);
    setToken('');
    // Ask everything again with the new token. What is on screen stays there until its answer comes (a token that
    // expired under an open view must not blank it); what has nothing to show starts over from its loading state.
    void queryClient.resetQueries({ predicate: (query) => query.state.data === undefined });
    void queryClient.invalidateQueries({ predicate: (query) => query.state.data !== undefined });
    onDone?.();
  };

  const forget = () => {
    tokenStore.clear();
    // Refetch with the configured token; what is on screen stays until the answers come (no reset to loading).
    void queryClient.invalidateQueries();
    // The button goes away; the field is where to type another token.
    input.current?.focus();
  };

  return (
    <form className="token-form" onSubmit={submit}>
      <label>
        {t`API token`}
        <input
          ref={input}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
      </label>
      <button type="submit" disabled={!token.trim()}>
        {t`Use token`}
      </button>
      {typedInUse && (
        <p>
          {t`A token you typed is in use in this tab.`}{' '}
          <button type="button" onClick={forget}>
            {t`Forget token`}
          </button>
        </p>
      )}
      <p className="hint">{t`Kept for this browser tab only, and sent only in the Authorization header.`}</p>
    </form>
  );
}
