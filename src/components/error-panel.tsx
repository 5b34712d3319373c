/**
 * One error, told the way the user can act on it: what happened in facility words and what to do, with a retry.
 * The technical part (status, request id to copy for support, the problem's title and detail) stays inside a
 * "Details" disclosure. Text only: nothing from a server is rendered as HTML.
 */
import { t } from '@lingui/core/macro';

import './error-panel.css';
import { useState } from 'react';

import { ApiError, InvalidRequestError, InvalidResponseError, NetworkError, PagingError } from '../api/errors';
import { TokenForm } from './token-form';

export function ErrorPanel({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { heading, lines, details } = describeError(error);
  const needsToken = error instanceof ApiError && error.status === 401;
  return (
    <section className="panel error-panel" role="alert" aria-label={t`Error`}>
      <h2>{heading}</h2>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {needsToken && <TokenForm />}
      {onRetry && !needsToken && (
        <button type="button" onClick={onRetry}>
          {t`Retry`}
        </button>
      )}
      <ErrorDetails details={details} />
    </section>
  );
}

/** The technicalities, closed by default: for support, not for reading. */
function ErrorDetails({ details }: { details: ErrorDetailsContent }) {
  const { status, requestId, problem } = details;
  if (status === null && requestId === null && problem.length === 0) return null;
  return (
    <details className="error-details">
      <summary>{t`Details`}</summary>
      {status !== null && <p>{t`Status: ${status}`}</p>}
      {requestId && <RequestId id={requestId} />}
      {problem.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </details>
  );
}

function RequestId({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <p className="request-id">
      {t`Request id:`} <code>{id}</code>{' '}
      <button
        type="button"
        aria-label={copied ? t`Request id copied` : t`Copy request id`}
        onClick={() => {
          void navigator.clipboard?.writeText(id).then(() => setCopied(true));
        }}
      >
        {copied ? t`Copied` : t`Copy`}
      </button>
    </p>
  );
}

export interface ErrorDetailsContent {
  /** The HTTP status, when a server answered. */
  status: number | null;
  requestId: string | null;
  /** The problem's title and detail (RFC 9457), or our own technical description: shown only under Details. */
  problem: string[];
}

export interface ErrorDescription {
  heading: string;
  /** What it means and what to do, in the words of the people who use the dashboard. */
  lines: string[];
  details: ErrorDetailsContent;
}

export function describeError(error: unknown): ErrorDescription {
  if (error instanceof ApiError) {
    const details = {
      status: error.status,
      requestId: error.requestId,
      problem: [error.title, error.detail].filter(Boolean),
    };
    if (error.status === 401) {
      return {
        heading: t`Sign-in needed`,
        lines: [t`This dashboard’s access key was refused. Ask your administrator for a valid one, or enter it below.`],
        details,
      };
    }
    if (error.status === 403 || error.status === 404) {
      return {
        heading: t`Location not found or not accessible`,
        lines: [
          t`This location does not exist, or this dashboard’s access key may not open it. Choose another location.`,
        ],
        details,
      };
    }
    if (error.status === 429) {
      return {
        heading: t`The analytics service is busy`,
        lines: [t`Try again in a minute. Your filters are kept.`],
        details,
      };
    }
    if (error.status >= 500) {
      return {
        heading: t`The analytics service had a problem`,
        lines: [t`Try again in a moment. Your filters are kept.`],
        details,
      };
    }
    return {
      heading: t`The analytics service could not answer this question`,
      lines: [t`Try other filters or a shorter date range.`],
      details,
    };
  }
  if (error instanceof InvalidResponseError) {
    return {
      heading: t`The analytics service sent data this dashboard cannot read`,
      lines: [t`Try again later; if it keeps happening, tell your administrator. Your filters are kept.`],
      details: { status: null, requestId: null, problem: [...error.problems, error.url] },
    };
  }
  if (error instanceof InvalidRequestError) {
    return {
      heading: t`These filters cannot be used`,
      lines: [t`Change the dates, hours or days and try again.`],
      details: { status: null, requestId: null, problem: error.problems },
    };
  }
  if (error instanceof NetworkError) {
    return {
      heading: t`Could not reach the analytics service`,
      lines: [t`Check the connection and try again. Your filters are kept.`],
      details: { status: null, requestId: null, problem: [error.message] },
    };
  }
  if (error instanceof PagingError) {
    return {
      heading: t`The analytics service sent its data in a loop`,
      lines: [t`Try again; if it keeps happening, tell your administrator. Your filters are kept.`],
      details: { status: null, requestId: null, problem: [error.message] },
    };
  }
  return {
    heading: t`Something went wrong`,
    lines: [t`Try again.`],
    details: { status: null, requestId: null, problem: [error instanceof Error ? error.message : String(error)] },
  };
}
