export function ConfigErrorScreen({ url, problems }: { url: string; problems: string[] }) {
  return (
    <main className="app">
      <section className="panel error-panel" role="alert">
        <h1>The dashboard’s configuration cannot be used</h1>
        <p>
          It is read from <code>{url}</code> at start-up. Fix it and reload:
        </p>
        <ul>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        <p>README.md, “Runtime configuration”, lists every field.</p>
      </section>
    </main>
  );
}
