/**
 * One error, told the way the user can act on it: the problem's title and detail, a request id to copy for
 * support, and a retry. Text only: nothing from a server is rendered as HTML.
 */
import { useState } from 'react';

import { ApiError, InvalidRequestError, InvalidResponseError, NetworkError, PagingError } from '../api/errors';
import { TokenForm } from './token-form';

export function ErrorPanel({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { heading, lines, requestId } = describeError(error);
  const needsToken = error instanceof ApiError && error.status === 401;
  return (
    <section className="panel error-panel" role="alert" aria-label="Error">
      <h2>{heading}</h2>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {requestId && <RequestId id={requestId} />}
      {needsToken && <TokenForm />}
      {onRetry && !needsToken && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </section>
  );
}

function RequestId({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <p className="request-id">
      Request id: <code>{id}</code>{' '}
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(id).then(() => setCopied(true));
        }}
      >
        {copied ? 'Copied' : 'Copy request id'}
      </button>
    </p>
  );
}

export function describeError(error: unknown): { heading: string; lines: string[]; requestId: string | null } {
  if (error instanceof ApiError) {
    if (error.status === 404) {
      return {
        heading: 'Location not found or not accessible',
        lines: [error.title, error.detail].filter(Boolean),
        requestId: error.requestId,
      };
    }
    if (error.status === 401) {
      return {
        heading: 'Sign-in needed',
        lines: [error.title, error.detail || 'The API needs a valid token.'].filter(Boolean),
        requestId: error.requestId,
      };
    }
    return {
      heading: error.title,
      lines: [error.detail, `HTTP ${error.status}`].filter(Boolean),
      requestId: error.requestId,
    };
  }
  if (error instanceof InvalidResponseError) {
    return {
      heading: 'The server sent a response we cannot read',
      lines: [...error.problems, error.url],
      requestId: null,
    };
  }
  if (error instanceof InvalidRequestError) {
    return { heading: 'These filters cannot be sent', lines: error.problems, requestId: null };
  }
  if (error instanceof NetworkError) {
    return {
      heading: 'Could not reach the API',
      lines: [error.message, 'Check the connection; your filters are kept.'],
      requestId: null,
    };
  }
  if (error instanceof PagingError) {
    return { heading: 'The server’s pages went round in a circle', lines: [error.message], requestId: null };
  }
  return {
    heading: 'Something went wrong',
    lines: [error instanceof Error ? error.message : String(error)],
    requestId: null,
  };
}
