/** A native select's options: the empty first choice (`none`), then each one by id, named. */
export function NamedOptions(props: {
  none: string;
  items: readonly { id: string; name: string }[];
}) {
  return (
    <>
      <option value="">{props.none}</option>
      {props.items.map((one) => (
        <option key={one.id} value={one.id}>
          {one.name}
        </option>
      ))}
    </>
  );
}
