// Messages of the lifecycle area (issue 9). Keep keys prefixed "booking.lifecycle.".
const lifecycle = {
};

export default lifecycle;
