import type { ComponentProps } from 'react';
import type { DeviceType } from '../lib/parse-user-agent.ts';

/** A line drawing of a monitor, phone or tablet; decorative, the text beside it names the device. */
export function DeviceIcon({ device, ...props }: ComponentProps<'svg'> & { device: DeviceType }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...props}
    >
      {device === 'phone' ? (
        <>
          <rect x="7" y="2.5" width="10" height="19" rx="2" />
          <path d="M11 18.5h2" />
        </>
      ) : device === 'tablet' ? (
        <>
          <rect x="4.5" y="2.5" width="15" height="19" rx="2" />
          <path d="M11 18.5h2" />
        </>
      ) : device === 'desktop' ? (
        <>
          <rect x="2.5" y="3.5" width="19" height="13" rx="1.5" />
          <path d="M8 20.5h8M12 16.5v4" />
        </>
      ) : (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.2M12 17h.01" />
        </>
      )}
    </svg>
  );
}
