import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/** The errors of a failed save that belong to no input, kept in the dialog until the next try. */
export function DialogProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="dialog-problems">
      {problems.length === 1 ? (
        problems[0]
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
