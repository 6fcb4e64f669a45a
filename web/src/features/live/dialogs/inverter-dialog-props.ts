/** What every inverter dialog takes (architecture §6.8: state-driven, never opened by DOM id). */
export interface InverterDialogProps {
  open: boolean;
  serial: string;
  onClose(): void;
}
