// Villawar's preview: a villager jumping over villagers converts them (the `convert` ring); what it jumps
// over otherwise, or a warrior's capture, is removed (the `fall` mark).
function preview(info) {
  const falls = info.falls || [];
  return [
    ...(info.targets || []).filter((c) => !falls.includes(c)).map((cell) => ({ cell, mark: 'convert' })),
    ...falls.map((cell) => ({ cell, mark: 'fall' })),
  ];
}

export default { preview };
