/** What every inverter dialog takes (architecture §6.8: state-driven, never opened by DOM id). */
export interface InverterDialogProps {
  open: boolean;
  serial: string;
  /** The device the inverter is on behind a companion with several (issue 27); null for none. */
  dtu?: string | null;
  onClose(): void;
}
