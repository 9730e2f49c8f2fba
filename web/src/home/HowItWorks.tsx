const STEPS = [
  {
    title: 'Upload the Document',
    text: 'Drag your file onto the tool, or click to choose it from your device.',
  },
  {
    title: 'Select Action',
    text: 'Pick the options you need, then press the action button to process the file.',
  },
  {
    title: 'Download the File',
    text: 'Preview the result and download it. Your uploads are deleted automatically afterwards.',
  },
] as const;

/** The spec's three-step explainer. */
export function HowItWorks() {
  return (
    <section className="how-it-works container" aria-labelledby="how-it-works-title">
      <h2 id="how-it-works-title" className="section-title">
        How it works
      </h2>
      <ol className="steps">
        {STEPS.map((step, index) => (
          <li key={step.title} className="step">
            <span className="step__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3 className="step__title">{step.title}</h3>
            <p className="step__text">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
