interface IconProps {
  /** Raw SVG text of a bootstrap-icons file, imported with `?raw`. */
  svg: string;
  className?: string;
  /** Spoken name; without it the icon is decorative and hidden from assistive technology. */
  label?: string;
}

/** A bootstrap-icons SVG inline (spec: individual SVGs, never the icon font). */
export function Icon({ svg, className, label }: IconProps) {
  return (
    <span
      className={`bi-icon${className ? ` ${className}` : ''}`}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      // Our own build-time SVG files, never user input.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
