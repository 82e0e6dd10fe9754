import { Button, type ButtonProps } from "./Button";
import { Icon } from "./Icon";

/**
 * A button that opens the browser's passkey dialog (sign in, confirm a deletion, set a password
 * again): the key icon, and "Waiting for your passkey..." while the dialog is open.
 */
export function PasskeyButton({ iconSize = 16, ...props }: Omit<ButtonProps, "icon" | "busyLabel"> & { iconSize?: number }) {
  return <Button icon={<Icon name="key" size={iconSize} />} busyLabel="Waiting for your passkey..." {...props} />;
}
